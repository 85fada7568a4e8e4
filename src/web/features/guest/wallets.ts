/**
 * Which wallet buttons to show (spec §2: only if the browser reports payment support). Apple Pay
 * is asked through Safari's own ApplePaySession. Google Pay is asked through the Payment Request
 * API, and only on Android, where Chrome answers locally; elsewhere the question would make the
 * browser fetch Google's payment manifest for nothing.
 */
export interface WalletSupport {
  applePay: boolean;
  googlePay: boolean;
}

interface ApplePaySessionLike {
  canMakePayments(): boolean;
}

export async function detectWallets(): Promise<WalletSupport> {
  const support: WalletSupport = { applePay: false, googlePay: false };
  try {
    const applePay = (window as unknown as { ApplePaySession?: ApplePaySessionLike })
      .ApplePaySession;
    support.applePay = Boolean(applePay?.canMakePayments());
  } catch {
    support.applePay = false;
  }
  if (typeof PaymentRequest !== 'undefined' && /Android/i.test(navigator.userAgent)) {
    try {
      const request = new PaymentRequest(
        [
          {
            supportedMethods: 'https://google.com/pay',
            data: { apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [] },
          },
        ],
        { total: { label: 'Trinkgeld', amount: { currency: 'EUR', value: '1.00' } } },
      );
      support.googlePay = await Promise.race([
        request.canMakePayment(),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_500)),
      ]);
    } catch {
      support.googlePay = false;
    }
  }
  return support;
}
