import { type DeadLetter, listDeadLetters, replayDeadLetter } from '@portal/platform';

const USAGE = `Dead letters of the portal's RabbitMQ (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672)

  node deploy/local/dist/dead-letters.js list [--json]        every service's dead letters, left in place
  node deploy/local/dist/dead-letters.js replay <event-id>    moves one back to its service's queue

Replay after fixing the cause: the consumer skips an event it applied already. See docs/operations.md.`;

/** `make dead-letters` / `npm run dead-letters -- <command>`: list the dead-letter queues, replay one message. */
async function main(argv: string[]): Promise<number> {
  const url = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const queuePrefix = process.env.QUEUE_PREFIX ?? 'portal';
  const [command, arg] = argv;
  if (command === 'list') {
    const letters = await listDeadLetters({ url, queuePrefix });
    if (arg === '--json') {
      process.stdout.write(`${JSON.stringify(letters)}\n`);
      return 0;
    }
    for (const letter of letters) process.stdout.write(`${line(letter)}\n`);
    process.stdout.write(`${letters.length} dead letter${letters.length === 1 ? '' : 's'}\n`);
    return 0;
  }
  if (command === 'replay' && arg) {
    const replayed = await replayDeadLetter({ url, queuePrefix, id: arg });
    if (!replayed) {
      process.stderr.write(`no dead letter has the id ${arg} (see: list)\n`);
      return 1;
    }
    process.stdout.write(`replayed to ${replayed.queue.replace(/\.dlq$/, '')}: ${line(replayed)}\n`);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

function line(letter: DeadLetter): string {
  return [
    letter.queue,
    letter.id ?? '(no id)',
    letter.type ?? '(no type)',
    `attempts=${letter.attempts ?? '?'}`,
    letter.error ?? JSON.stringify(letter.preview),
  ].join('  ');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`dead letters: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
