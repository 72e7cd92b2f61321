import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, type Row, rowUrl } from '../test/access-matrix.rows.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { testDialects } from '../test/test-database.js';
import {
  createTestViewer,
  freshIp,
  TEST_VIEWER_KINDS,
  type TestViewer,
  type TestViewerKind,
} from '../test/test-users.js';

interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}
/** A type, not an interface, so that it is a Record<string, unknown> the schema validator takes. */
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown> };
};

const DOCUMENT_ID = 'https://tagscout.test/openapi.json';
/** /api/topics/:topicId as the document writes it: /api/topics/{topicId}. */
const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const GET_ROWS = ACCESS_MATRIX.filter((row) => row.method === 'GET');

let served: Promise<Document> | undefined;
/**
 * The document as a server with the default settings serves it: the test apps run without load
 * shedding, whose 503 every route may answer in production.
 */
function servedDocument(): Promise<Document> {
  served ??= (async (): Promise<Document> => {
    const testApp = await buildTestApp('sqlite', { LOAD_SHEDDING: true });
    try {
      // A starting server may shed the first requests too; it asks to be called again after Retry-After.
      for (let attempt = 1; ; attempt++) {
        const answer = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
        if (answer.statusCode !== 503 || attempt === 10) return answer.json();
        await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after']) * 1000));
      }
    } finally {
      await testApp.close();
    }
  })();
  return served;
}

describe.each(testDialects)('the OpenAPI document on %s', (dialect) => {
  let testApp: TestApp;
  let document: Document;
  let ajv: Ajv2020;
  const viewers = new Map<TestViewerKind, TestViewer>();

  const operationOf = (row: Pick<Row, 'method' | 'route'>): Operation | undefined =>
    document.paths[documentPath(row.route)]?.[row.method.toLowerCase()];

  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
    for (const kind of TEST_VIEWER_KINDS) viewers.set(kind, await createTestViewer(testApp.app, kind));
    document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // The document's own schemas, each answer checked against the one it names.
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  });
  afterAll(async () => testApp.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every /api route the server answers, and no other', () => {
    const registered = testApp.app.apiRoutes
      .map(({ method, url }) => `${method} ${documentPath(url)}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(documented).toEqual(registered);
  });

  it.each(ACCESS_MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s states the guard the access matrix finds',
    (_name, row) => {
      const operation = operationOf(row);
      if (!operation) throw new Error('not documented');
      const schemes = operation.security?.flatMap((requirement) => Object.keys(requirement));
      if (row.expect.none === 'deny') {
        expect(schemes).toEqual(['sessionCookie', 'bearerToken']);
        expect(Object.keys(operation.responses)).toContain('401');
      } else {
        expect(operation.security).toEqual([]);
      }
      if (Object.entries(row.expect).some(([kind, answer]) => kind !== 'none' && answer === 'deny')) {
        expect(Object.keys(operation.responses)).toContain('403');
      }
    },
  );

  it.runIf(dialect === 'sqlite')(
    'gives the web client its types (apps/web/src/api/schema.d.ts; `npx vitest run -u` rewrites them)',
    async () => {
      const types =
        COMMENT_HEADER + astToString(await openapiTS(structuredClone(await servedDocument()) as never));
      await expect(types).toMatchFileSnapshot('../../../web/src/api/schema.d.ts');
    },
  );

  it.runIf(dialect === 'sqlite')(
    "gives the web tests the document their fakes' answers are checked against (apps/web/src/api/openapi.json)",
    async () => {
      await expect(`${JSON.stringify(await servedDocument(), null, 2)}\n`).toMatchFileSnapshot(
        '../../../web/src/api/openapi.json',
      );
    },
  );

  it('names the session cookie and the bearer token as the ways to sign a request', () => {
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
      bearerToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('has a row for every GET it documents', () => {
    const documentedGets = Object.entries(document.paths)
      .filter(([, operations]) => operations.get)
      .map(([path]) => path);
    expect(
      documentedGets.filter((path) => !GET_ROWS.some((row) => documentPath(row.route) === path)),
    ).toEqual([]);
  });

  it.each(GET_ROWS.map((row) => [row.route, row] as const))(
    'GET %s answers every kind of visitor with a documented status and body',
    async (_name, row) => {
      const operation = operationOf(row);
      if (!operation) throw new Error('not documented');

      for (const kind of TEST_VIEWER_KINDS) {
        const viewer = viewers.get(kind);
        if (!viewer) throw new Error(`no ${kind} viewer`);
        const response = await testApp.app.inject({
          method: 'GET',
          url: rowUrl(row, viewer),
          headers: viewer.headers,
          remoteAddress: freshIp(),
        });
        const status = String(response.statusCode);
        const documented = operation.responses[status];
        expect(
          documented,
          `${kind}: ${status} is not documented (${response.body.slice(0, 200)})`,
        ).toBeDefined();
        if (status.startsWith('3')) {
          expect(documented?.headers).toHaveProperty('Location');
          expect(response.headers.location, kind).toBeTruthy();
          continue;
        }
        if (!documented?.content?.['application/json']) continue;
        const validate = ajv.getSchema(
          `${DOCUMENT_ID}#/${pointer('paths', documentPath(row.route), 'get', 'responses', status, 'content', 'application/json', 'schema')}`,
        );
        if (!validate) throw new Error(`no schema for ${status}`);
        const valid = validate(response.json());
        expect(
          valid,
          `${kind} ${status}: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 300)}`,
        ).toBe(true);
      }
    },
  );
});
