import {
  DeviceActionResponseSchema,
  DeviceParamsSchema,
  DevicesResponseSchema,
  SignOutOthersResponseSchema,
} from '../account';
import { defineContract, defineRoute } from '../http';

/** Settings → Signed-in devices: the caller's sessions and paired extensions, each revocable. */
export const devicesContract = defineContract({
  accountDevices: defineRoute({
    operationId: 'accountDevices',
    method: 'GET',
    path: '/api/account/devices',
    summary: "The caller's signed-in devices (sessions) and paired browser extensions",
    tag: 'account',
    auth: 'session',
    response: DevicesResponseSchema,
  }),
  accountDeviceSignOut: defineRoute({
    operationId: 'accountDeviceSignOut',
    method: 'DELETE',
    path: '/api/account/devices/sessions/:id',
    summary: "Sign one of the caller's sessions out (on every instance)",
    tag: 'account',
    auth: 'session',
    params: DeviceParamsSchema,
    response: DeviceActionResponseSchema,
  }),
  accountDeviceDisconnect: defineRoute({
    operationId: 'accountDeviceDisconnect',
    method: 'DELETE',
    path: '/api/account/devices/extensions/:id',
    summary: "Disconnect the extension of one browser (revoke that browser's key)",
    tag: 'account',
    auth: 'session',
    params: DeviceParamsSchema,
    response: DeviceActionResponseSchema,
  }),
  accountSignOutOthers: defineRoute({
    operationId: 'accountSignOutOthers',
    method: 'POST',
    path: '/api/account/devices/sign-out-others',
    summary: "Sign out every session of the caller's but the current one",
    tag: 'account',
    auth: 'session',
    response: SignOutOthersResponseSchema,
  }),
});
