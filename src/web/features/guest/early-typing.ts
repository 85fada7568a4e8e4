/**
 * The own amount a guest typed before the app ran (boot.ts records it). Hydration sets the field
 * back to the value the server rendered, so the amount step takes this over once it is live.
 */
let typedBeforeApp: string | null = null;

export function rememberTypedAmount(value: string): void {
  typedBeforeApp = value;
}

export function takeTypedAmount(): string | null {
  const typed = typedBeforeApp;
  typedBeforeApp = null;
  return typed;
}
