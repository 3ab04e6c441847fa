import * as contracts from '@portal/contracts';
import { eventsByType, isEventType, SERVICES } from '@portal/contracts';
import { consumedEventTypes } from '@portal/platform';
import { allServices } from '../local/src/services';
import { filesUnder, readRepoFile } from './repo';

/**
 * docs/events.md's table of events against the code: its producers against each event's `producers` in the
 * contract (and those against the services' `emit` calls), its consumers against the services' definitions.
 */

/** Who emits and who consumes one event type. */
interface Parties {
  producers: string[];
  consumers: string[];
}
type Catalogue = Map<string, Parties>;

/** What a service definition tells of its consumers. */
interface ConsumingService {
  name: string;
  consumers?: object;
  batchConsumers?: object;
}

/** The catalogue the code declares: producers from the contract, consumers from the service definitions. */
function declaredCatalogue(services: readonly ConsumingService[]): Catalogue {
  return new Map(
    Object.values(eventsByType).map((def) => [
      def.type,
      {
        producers: [...def.producers].sort(),
        consumers: services
          // the types the platform binds the service's queue to
          .filter((service) => consumedEventTypes(service).includes(def.type))
          .map((service) => service.name)
          .sort(),
      },
    ]),
  );
}

/**
 * A cell of the Producer or Consumers column: service names separated by commas, each with an optional note in
 * parentheses, or `none` (with an optional note). Anything else is reported, so a typo cannot pass as a note.
 */
function servicesInCell(cell: string, where: string, problems: string[]): string[] {
  let bare = cell;
  // notes may hold parentheses of their own: strip the innermost until none is left
  while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, '');
  const names = bare
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'none') return [];
  for (const name of names)
    if (!(SERVICES as readonly string[]).includes(name)) problems.push(`${where}: "${name}" is not a service`);
  return names.filter((name) => (SERVICES as readonly string[]).includes(name)).sort();
}

/** The table under "## The events" of docs/events.md, and what in it could not be read. */
function documentedCatalogue(markdown: string): { catalogue: Catalogue; problems: string[] } {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('The events\n')) ?? '';
  const problems: string[] = section ? [] : ['docs/events.md has no "## The events" section'];
  const catalogue: Catalogue = new Map();
  for (const line of section.split('\n').filter((row) => row.startsWith('| `'))) {
    const [, event = '', producers = '', consumers = '', meaning = ''] = line.split('|').map((cell) => cell.trim());
    const type = /^`([a-z_]+\.[a-z_]+)`$/.exec(event)?.[1];
    if (!type) {
      problems.push(`a row names no event type: ${line}`);
      continue;
    }
    if (catalogue.has(type)) problems.push(`${type} is listed twice`);
    if (!meaning) problems.push(`${type} says nothing in its Meaning column`);
    catalogue.set(type, {
      producers: servicesInCell(producers, `${type}, Producer`, problems),
      consumers: servicesInCell(consumers, `${type}, Consumers`, problems),
    });
  }
  return { catalogue, problems };
}

/** Where the documented catalogue and the declared one disagree, one line each. */
function differences(documented: Catalogue, declared: Catalogue): string[] {
  const found: string[] = [];
  for (const type of declared.keys()) if (!documented.has(type)) found.push(`${type} is not in the docs`);
  for (const type of documented.keys()) if (!declared.has(type)) found.push(`${type} is in the docs but not declared`);
  for (const [type, code] of declared) {
    const docs = documented.get(type);
    if (!docs) continue;
    for (const column of ['producers', 'consumers'] as const) {
      const missing = code[column].filter((name) => !docs[column].includes(name));
      const extra = docs[column].filter((name) => !code[column].includes(name));
      if (missing.length) found.push(`${type}: the docs lack the ${column} ${missing.join(', ')}`);
      if (extra.length) found.push(`${type}: the docs name ${column} the code does not have: ${extra.join(', ')}`);
    }
  }
  return found;
}

/** The contract's events by the name they are exported under (what an `emit(...)` call names). */
const eventsByExportName = new Map(
  Object.entries(contracts).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null && 'type' in value && isEventType(String(value.type))
      ? [[name, String(value.type)]]
      : [],
  ),
);

/** `emit(Event, …)`, `ctx.emit(Event, …)` and `emit.many(Event, …)` in a service's own code. */
const EMIT_CALL = /\bemit(?:\.many)?\(\s*([A-Za-z_$][\w$]*)/g;

/** The platform's `recordAudit(emit, …)` / `recordAudits(emit, …)`: each emits audit.recorded for its service. */
const AUDIT_CALL = /\brecordAudits?\(\s*emit\b/;

/** The event types each service's code emits, by service, and the emit calls whose event is not the contract's. */
function emittedByCode(): { emitted: Map<string, Set<string>>; problems: string[] } {
  const emitted = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const service of SERVICES) {
    for (const file of filesUnder(`services/${service}/src`, ['.ts'])) {
      const code = readRepoFile(file);
      if (AUDIT_CALL.test(code))
        emitted.set('audit.recorded', new Set([...(emitted.get('audit.recorded') ?? []), service]));
      for (const [, name = ''] of code.matchAll(EMIT_CALL)) {
        const type = eventsByExportName.get(name);
        if (!type) problems.push(`${file}: emit(${name}, …) names no event exported by @portal/contracts`);
        else emitted.set(type, new Set([...(emitted.get(type) ?? []), service]));
      }
    }
  }
  return { emitted, problems };
}

const documented = documentedCatalogue(readRepoFile('docs/events.md'));

describe('docs/events.md', () => {
  it('When the table of events is read, Then every row names an event, its services and a meaning', () => {
    expect(documented.catalogue.size).toBeGreaterThan(0);
    expect(documented.problems).toEqual([]);
  });

  it("When the table is compared with the contract's producers and the services' consumers, Then they agree", () => {
    expect(differences(documented.catalogue, declaredCatalogue(allServices))).toEqual([]);
  });

  it('When a service consumes an event the docs do not list it for, Then the comparison reports it', () => {
    const withNewConsumer = [...allServices, { name: 'media', consumers: { 'product.deleted': () => undefined } }];
    expect(differences(documented.catalogue, declaredCatalogue(withNewConsumer))).toEqual([
      'product.deleted: the docs lack the consumers media',
    ]);
  });

  it('When the docs name a consumer the code does not have, Then the comparison reports it', () => {
    const withoutOrder = allServices.filter((service) => service.name !== 'order');
    expect(differences(documented.catalogue, declaredCatalogue(withoutOrder))).toContain(
      'product.created: the docs name consumers the code does not have: order',
    );
  });
});

describe("The contract's producers of each event", () => {
  const { emitted, problems } = emittedByCode();

  it('When the services emit events, Then each emit names an event of the contract', () => {
    expect(emitted.size).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it.each(Object.values(eventsByType).map((def) => [def.type, def] as const))(
    'When %s is emitted, Then exactly the services its contract names as producers emit it',
    (type, def) => {
      expect([...(emitted.get(type) ?? [])].sort()).toEqual([...def.producers].sort());
    },
  );
});
