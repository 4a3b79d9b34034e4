import {
  AccountExportResponseSchema,
  DeleteAccountRequestSchema,
  DeleteAccountResponseSchema,
} from '../account';
import { PreferencesResponseSchema, PreferencesUpdateSchema } from '../preferences';
import { UserResponseSchema } from '../user';
import { defineContract, defineRoute } from '../http';

/** The signed-in account: read it, export everything held about it, delete it. */
export const accountContract = defineContract({
  accountInfo: defineRoute({
    operationId: 'accountInfo',
    method: 'GET',
    path: '/api/account/info',
    specPath: '/api/account/info',
    summary: 'The signed-in user',
    tag: 'account',
    auth: 'session',
    response: UserResponseSchema,
  }),
  accountGet: defineRoute({
    operationId: 'accountGet',
    method: 'GET',
    path: '/api/account',
    specPath: '/api/account',
    summary: 'The signed-in user (questionnaire state and user)',
    tag: 'account',
    auth: 'session',
    response: UserResponseSchema,
  }),
  preferencesGet: defineRoute({
    operationId: 'preferencesGet',
    method: 'GET',
    path: '/api/account/preferences',
    summary: 'The time zone and the weekly letter setting',
    tag: 'account',
    auth: 'session',
    response: PreferencesResponseSchema,
  }),
  preferencesUpdate: defineRoute({
    operationId: 'preferencesUpdate',
    method: 'PATCH',
    path: '/api/account/preferences',
    summary: 'Change the time zone, the weekly letter setting, or both',
    tag: 'account',
    auth: 'session',
    body: PreferencesUpdateSchema,
    response: PreferencesResponseSchema,
  }),
  accountExport: defineRoute({
    operationId: 'accountExport',
    method: 'GET',
    path: '/api/account/export',
    summary: 'Everything held about the caller, as JSON',
    tag: 'account',
    auth: 'session',
    response: AccountExportResponseSchema,
  }),
  accountDelete: defineRoute({
    operationId: 'accountDelete',
    method: 'DELETE',
    path: '/api/account',
    summary: 'Delete the account and all its data (confirm with the e-mail)',
    tag: 'account',
    auth: 'session',
    body: DeleteAccountRequestSchema,
    response: DeleteAccountResponseSchema,
  }),
});
