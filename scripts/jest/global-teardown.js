// Stops the containers global-setup started, if any. Two projects (integration, e2e) share the setup, so this
// runs twice in one `make test`: the first run stops them and empties the list.
module.exports = async () => {
  const started = globalThis.__PORTAL_CONTAINERS__ ?? [];
  globalThis.__PORTAL_CONTAINERS__ = [];
  for (const container of started) await container.stop();
};
