/**
 * The thank-you a guest reads when the person or business wrote none (spec §9). Its own module:
 * the constants every bundle loads take it from here, not from the guest page's texts.
 */
export const DEFAULT_THANKS_DE = 'Vielen Dank für Ihr Trinkgeld!';
