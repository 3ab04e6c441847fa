// Runs before the tests of the integration and e2e projects (not for unit or faults): makes sure the real
// servers they need are there. With both projects in one run it runs twice; the second finds what the first found.
// Order: the URLs given (TEST_DATABASE_URL, TEST_AMQP_URL) or the local defaults; failing that,
// Testcontainers when a Docker engine answers (loaded lazily: it throws without one); failing that,
// a clear message. scripts/test.sh starts local servers on a machine that has them installed.
const net = require('node:net');

function reachable(url, fallbackPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || fallbackPort) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function dockerAnswers() {
  const { execFile } = require('node:child_process');
  return new Promise((resolve) => {
    execFile('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000 }, (err) => resolve(!err));
  });
}

async function startContainers(needPg, needAmqp) {
  const { GenericContainer, Wait } = require('testcontainers');
  const started = [];
  if (needPg) {
    const pg = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    started.push(pg);
    process.env.TEST_DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
  }
  if (needAmqp) {
    const mq = await new GenericContainer('rabbitmq:3-alpine')
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start();
    started.push(mq);
    process.env.TEST_AMQP_URL = `amqp://guest:guest@${mq.getHost()}:${mq.getMappedPort(5672)}`;
  }
  globalThis.__PORTAL_CONTAINERS__ = started;
}

module.exports = async () => {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_AMQP_URL ??= 'amqp://guest:guest@127.0.0.1:5672';
  const needPg = !(await reachable(process.env.TEST_DATABASE_URL, 5432));
  const needAmqp = !(await reachable(process.env.TEST_AMQP_URL, 5672));
  if (!needPg && !needAmqp) return;
  if (await dockerAnswers()) {
    await startContainers(needPg, needAmqp);
    return;
  }
  const missing = [
    needPg && `PostgreSQL at ${process.env.TEST_DATABASE_URL}`,
    needAmqp && `RabbitMQ at ${process.env.TEST_AMQP_URL}`,
  ].filter(Boolean);
  throw new Error(
    `The integration tests need real servers and these do not answer: ${missing.join(', ')}.\n` +
      'Run them with `make test` (it starts a local PostgreSQL and RabbitMQ where they are installed),\n' +
      'run them where a Docker engine answers (Testcontainers starts both), or set TEST_DATABASE_URL and TEST_AMQP_URL.',
  );
};
