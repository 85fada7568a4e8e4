/**
 * The own amount a guest typed before the app ran (boot.ts records it). Hydration sets the field
 * back to the value the server rendered, so the amount step takes this over once it is live.
 */
let typedBeforeApp: string | null = null;
/** The own amount's form was sent before the app ran: the amount step continues once live. */
let sentBeforeApp = false;

export function rememberTypedAmount(value: string): void {
  typedBeforeApp = value;
}

export function takeTypedAmount(): string | null {
  const typed = typedBeforeApp;
  typedBeforeApp = null;
  return typed;
}

export function rememberOwnAmountSent(): void {
  sentBeforeApp = true;
}

/** True once, when the own amount was sent before the app ran and nobody has taken that yet. */
export function takeOwnAmountSent(): boolean {
  const sent = sentBeforeApp;
  sentBeforeApp = false;
  return sent;
}
