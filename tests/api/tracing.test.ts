import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string } };
type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: Attribute[] };
type Export = { resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: Span[] }[] }[] };

/** OpenTelemetry traces sent to a local OTLP/HTTP receiver this test runs: a request's span with its statements inside. */
describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let receiver: http.Server;
  const received: { service: string; span: Span }[] = [];
  let t: TestApp;

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces' && request.headers['content-type']?.includes('json')) {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Export;
          for (const resource of body.resourceSpans) {
            const service = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
            for (const scope of resource.scopeSpans) for (const span of scope.spans) received.push({ service, span });
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    t = await buildTestApp(
      {},
      { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'bsq-traced' },
      { traced: true },
    );
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("exports a span per request with the request's database statements inside it, without their values", async () => {
    const author = await createUser(t.app, 'traced');
    const circle = await createCircle(t.app, author, 'Traced Channel');
    await post(t.app, author, circle, 'A traced post');
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/public/feed/?circle=${circle.id}`, headers: author.headers });
    expect(res.statusCode).toBe(200);

    const attribute = (span: Span, key: string) => span.attributes.find((a) => a.key === key)?.value;
    const requestSpan = await until(
      'the feed request span',
      async () =>
        received.find(
          ({ span }) =>
            !span.parentSpanId &&
            (attribute(span, 'http.route')?.stringValue === '/api/posts/public/feed/' ||
              String(attribute(span, 'url.path')?.stringValue ?? '').startsWith('/api/posts/public/feed/')),
        ),
      15_000,
    );
    expect(requestSpan.service).toBe('bsq-traced');
    const trace = requestSpan.span.traceId;
    // Each statement is inside the request: its chain of parents reaches the request's span (spans arrive in batches).
    const insideRequest = (span: Span) => {
      const byId = new Map(received.map((r) => [r.span.spanId, r.span]));
      let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      while (parent && parent.spanId !== requestSpan.span.spanId) parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
      return parent?.spanId === requestSpan.span.spanId;
    };
    const statements = await until(
      'its statements, inside it',

      async () => {
        const found = received.filter(({ span }) => span.traceId === trace && attribute(span, 'db.statement'));
        return found.length && found.every(({ span }) => insideRequest(span)) ? found : undefined;
      },
      15_000,
    );
    for (const { span } of statements) {
      expect(span.name).toMatch(/^db (select|with|insert|update)/);
      // The text with its placeholders, never the values (the circle's id is a value).
      expect(attribute(span, 'db.statement')?.stringValue).toMatch(/\$1/);
    }
  });
});
