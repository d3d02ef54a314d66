import { z } from 'zod';
import { apiDocsRoutes } from '../routes/api-docs';
import { defineEndpoints, otherBody } from '../endpoint';

export const apiDocsEndpoints = defineEndpoints(apiDocsRoutes, {
  getOpenApiDocument: {
    summary: 'This document: every endpoint, in OpenAPI 3.0',
    description: 'Served when API_DOCS is on (the default outside production).',
    access: 'public',
    responses: { 200: z.looseObject({ openapi: z.string() }) },
  },
  getApiReference: {
    summary: 'A reference page for developers, made from this document',
    description: 'Served when API_DOCS is on (the default outside production). Plain HTML without scripts.',
    access: 'public',
    responses: { 200: otherBody('text/html', 'The reference page') },
  },
});
