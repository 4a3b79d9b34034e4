import { defineContract, defineRoute } from '../http';
import {
  LabelContextResponseSchema,
  LabelCountsRequestSchema,
  LabelCountsResponseSchema,
  LabelInsightsResponseSchema,
} from '../labels';

/**
 * Link labels (issue 30, decisions 159, 160): what the extension needs to label links on the device, the counts
 * of labels it showed and the person opened, and what Insights makes of them. The key may call the first two
 * only; the figures take a session.
 */
export const labelsContract = defineContract({
  labelContext: defineRoute({
    operationId: 'labelContext',
    method: 'GET',
    path: '/api/labels/context',
    summary:
      "The personality profile's sensitivities (Premium) and the person's own verdicts of recently read pages",
    tag: 'labels',
    auth: 'extension',
    response: LabelContextResponseSchema,
  }),
  labelCounts: defineRoute({
    operationId: 'labelCounts',
    method: 'PUT',
    path: '/api/labels/counts',
    summary:
      "One browser's totals of labels shown and opened per day and verdict (replaces what it sent for those days)",
    tag: 'labels',
    auth: 'extension',
    body: LabelCountsRequestSchema,
    response: LabelCountsResponseSchema,
  }),
  labelInsights: defineRoute({
    operationId: 'labelInsights',
    method: 'GET',
    path: '/api/labels/insights',
    summary: 'Labels shown and opened per week, and how often draining results were opened (Insights)',
    tag: 'labels',
    auth: 'session',
    response: LabelInsightsResponseSchema,
  }),
});
