import { context, propagation, type SpanContext, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  createAmqpTransport,
  createInProcessTransport,
  type EventTransport,
  OutboxRelay,
  startConsumers,
} from '@portal/platform/events';
import { testAmqpUrl } from '@portal/platform/testing';
import {
  createEventDatabase,
  type EventDatabase,
  eventually,
  recordEffect,
  restoreDealer,
} from './support/event-database';
import { RabbitInspector, type RabbitNames, silentLogger, uniqueRabbitNames } from './support/rabbit';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});

afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

describe.each([
  ['in-process', () => ({ transport: createInProcessTransport({ logger: silentLogger }) as EventTransport })],
  [
    'RabbitMQ',
    () => {
      const names = uniqueRabbitNames();
      return { transport: createAmqpTransport({ url: testAmqpUrl(), logger: silentLogger, ...names }), names };
    },
  ],
] as [string, () => { transport: EventTransport; names?: RabbitNames }][])(
  'Trace context over the %s transport',
  (_, makeTransport) => {
    let database: EventDatabase;
    let transport: EventTransport;
    let names: RabbitNames | undefined;
    let relay: OutboxRelay;
    const handlerSpans = new Map<string, SpanContext | undefined>();

    beforeAll(async () => {
      database = await createEventDatabase();
      ({ transport, names } = makeTransport());
      await startConsumers({
        service: 'order',
        dataSource: database.dataSource,
        transport,
        handlers: {
          'dealer.restored': async (envelope, manager) => {
            handlerSpans.set(envelope.id, trace.getActiveSpan()?.spanContext());
            await recordEffect(envelope, manager);
          },
        },
        logger: silentLogger,
      });
      relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 100 });
      relay.start();
    });

    afterAll(async () => {
      await relay?.stop();
      await transport?.close();
      if (names) await (await RabbitInspector.open()).cleanUp(names, ['order']);
      await database?.close();
    });

    test('When an event is written inside an active span, Then the consumer handles it in a CONSUMER span of the same trace', async () => {
      const tracer = trace.getTracer('trace-context-test');
      const { eventId, producer } = await tracer.startActiveSpan('restore dealer', async (span) => {
        const id = await restoreDealer(database.dataSource, 'traced');
        span.end();
        return { eventId: id, producer: span.spanContext() };
      });
      relay.kick();
      // the span ends once the handler's transaction has committed, just after the handler returned
      const finishedConsumerSpan = () =>
        exporter
          .getFinishedSpans()
          .find((s) => s.name === 'dealer.restored process' && s.attributes['messaging.message.id'] === eventId);
      await eventually(async () => finishedConsumerSpan() !== undefined, 10_000, 'the consumer span');

      const consumerSpan = finishedConsumerSpan();
      expect(consumerSpan?.kind).toBe(SpanKind.CONSUMER);
      expect(consumerSpan?.spanContext().traceId).toBe(producer.traceId);
      // the handler ran inside that span
      expect(handlerSpans.get(eventId)?.spanId).toBe(consumerSpan?.spanContext().spanId);
      // producer → publish (relay) → process (consumer)
      const publishSpan = exporter
        .getFinishedSpans()
        .find((s) => s.spanContext().spanId === consumerSpan?.parentSpanContext?.spanId);
      expect(publishSpan?.name).toBe('dealer.restored publish');
      expect(publishSpan?.kind).toBe(SpanKind.PRODUCER);
      expect(publishSpan?.parentSpanContext?.spanId).toBe(producer.spanId);
    });
  },
);
