// Stops the containers global-setup started, if any.
module.exports = async () => {
  for (const container of globalThis.__PORTAL_CONTAINERS__ ?? []) await container.stop();
};
