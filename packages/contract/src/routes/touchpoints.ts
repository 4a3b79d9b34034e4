import {
  TouchpointParamsSchema,
  TouchpointRequestSchema,
  TouchpointResponseSchema,
  TouchpointStateResponseSchema,
} from '../extension';
import { defineContract, defineRoute } from '../http';

/** Pages the extension read: upload one, ask what became of it. */
export const touchpointsContract = defineContract({
  extensionTouchpoints: defineRoute({
    operationId: 'extensionTouchpoints',
    method: 'POST',
    path: '/api/extension/touchpoints',
    summary: 'Upload one captured page (text or device scores); scored in the background',
    tag: 'extension',
    auth: 'extension',
    body: TouchpointRequestSchema,
    response: TouchpointResponseSchema,
    successStatus: 202,
  }),
  extensionTouchpoint: defineRoute({
    operationId: 'extensionTouchpoint',
    method: 'GET',
    path: '/api/extension/touchpoints/:id',
    summary: "What became of an uploaded page: pending, failed, or its analysis (the popup's last analysis)",
    tag: 'extension',
    auth: 'extension',
    params: TouchpointParamsSchema,
    response: TouchpointStateResponseSchema,
  }),
});
