import { ErrorResponseSchema, type RouteDef } from '@mediadiet/contract/http';
import { z } from 'zod';

/** Minimal OpenAPI 3.1 shapes (openapi-types' 3.1 typings do not compose with @fastify/swagger's). */
type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[] } & Record<string, unknown>;
interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface ResponseObject {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}
interface OperationObject {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiInfo;
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Lowercase<RouteDef['method']>, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
  };
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/api/analysis/get/:id` → `/api/analysis/get/{id}` */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parameters(schema: z.ZodObject | undefined, location: 'path' | 'query'): ParameterObject[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

function successResponse(route: RouteDef): Record<string, ResponseObject> {
  switch (route.responseKind ?? 'json') {
    case 'redirect':
      return { '302': { description: 'Redirect' } };
    case 'binary':
      return {
        '200': {
          description: 'File',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
      };
    default:
      return {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: toJsonSchema(route.response, 'output') } },
        },
      };
  }
}

const security: Record<RouteDef['auth'], Record<string, string[]>[]> = {
  none: [],
  session: [{ session: [] }],
  extension: [{ extensionKey: [] }],
};

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/**
 * The OpenAPI 3.1 document of the contract. Built from the RouteDefs themselves (not from the routes
 * the server has registered), so the documentation covers the whole contract.
 */
export function buildOpenApiDocument(routes: readonly RouteDef[], info: OpenApiInfo): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    const method = route.method.toLowerCase() as Lowercase<RouteDef['method']>;
    const operation: OperationObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      security: security[route.auth],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses: {
        ...successResponse(route),
        default: {
          description: 'Failure',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
        },
      },
    };
    if (route.body) {
      operation.requestBody = {
        required: !route.body.safeParse(undefined).success,
        content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [method]: operation };
  }

  const tags = [...new Set(routes.map((route) => route.tag))].sort().map((name) => ({ name }));

  return {
    openapi: '3.1.0',
    info,
    tags,
    paths,
    components: {
      schemas: { ErrorResponse: toJsonSchema(ErrorResponseSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token returned by sign-in (POST /auth/verify, Google sign-in).',
        },
        extensionKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'The apiKey the paired browser extension received from GET /api/extension/auth.',
        },
      },
    },
  };
}
