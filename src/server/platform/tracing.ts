import { context, propagation, trace } from '@opentelemetry/api';
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (OTLP over HTTP, JSON, to its /v1/traces): a span per request (@fastify/otel, with its hooks and handler inside) and a
 * client span per database statement inside it (db/traced.ts). Without the endpoint nothing is created or wrapped.
 *
 * The tracer provider is the SDK's trace part (@opentelemetry/sdk-trace-node), not the whole NodeSDK: the NodeSDK
 * brings every exporter (gRPC, protobuf, Zipkin, Prometheus) and twice the install size, for no span more here.
 */
export type Tracing = {
  /** The Fastify plugin that opens each request's span; registered before the routes. */
  plugin: ReturnType<FastifyOtelInstrumentation['plugin']>;
  /** Sends what is buffered and unregisters the provider. */
  close: () => Promise<void>;
};

export function startTracing(options: { endpoint: string; serviceName: string; ignorePaths?: (path: string) => boolean }): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    ignorePaths: options.ignorePaths ? (route) => options.ignorePaths!(route.url) : undefined,
  });
  instrumentation.setTracerProvider(provider);
  return {
    plugin: instrumentation.plugin(),
    close: async () => {
      await provider.forceFlush().catch(() => {});
      await provider.shutdown().catch(() => {});
      // Another app in this process (the tests) starts without a provider of this one's.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
