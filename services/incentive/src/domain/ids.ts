const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be one of the service's ids (programs and achievements are UUIDs). */
export const isUuid = (id: string) => UUID.test(id);
