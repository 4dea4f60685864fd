import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };
import type { AppConfig } from './env.ts';

/** The interactive API reference: an HTML page, so it gets the pages' security headers. */
export const openApiUiPath = '/api/docs';
export const openApiJsonPath = `${openApiUiPath}/json`;

/**
 * The OpenAPI document is generated from the routes' zod schemas (UI at /api/docs, JSON at
 * /api/docs/json). Register before any route, so that every route is collected.
 */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Compliance Assistant API',
        description: 'Answers compliance questions with cited sources. Errors: `{ "error": { "code", "message" } }`.',
        version: packageJson.version,
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Session token' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(swaggerUi, {
    routePrefix: openApiUiPath,
    // The default validator badge is an image from validator.swagger.io: no remote requests.
    uiConfig: { validatorUrl: null },
  });
}
