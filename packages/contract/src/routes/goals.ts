import { GoalsResponseSchema, PutGoalsRequestSchema } from '../goals';
import { defineContract, defineRoute } from '../http';

/** The person's reading goals and their progress (issue 29, decision 152). */
export const goalsContract = defineContract({
  goalsList: defineRoute({
    operationId: 'goalsList',
    method: 'GET',
    path: '/api/goals',
    summary: "The caller's reading goals, each with its progress this week or today",
    tag: 'goals',
    auth: 'session',
    // The extension's toolbar badge and popup line for a goal at risk (decision 157): the key may read the
    // goals and their progress, never change them.
    authAlternatives: ['extension'],
    response: GoalsResponseSchema,
  }),
  goalsReplace: defineRoute({
    operationId: 'goalsReplace',
    method: 'PUT',
    path: '/api/goals',
    summary: "Replace the caller's reading goals with the given list (all or nothing)",
    tag: 'goals',
    auth: 'session',
    body: PutGoalsRequestSchema,
    response: GoalsResponseSchema,
  }),
});
