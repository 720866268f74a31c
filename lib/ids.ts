const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True for an RFC 9562 UUID. Path ids that are not UUIDs are simply not found (404), as in Django's uuid converter. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
