import { useEffect, useState } from 'react';
import { guestApi } from './guest-api';

/** "Support kontaktieren": a mail link to the address the server is configured with. */
export function SupportLink({ label }: { label: string }) {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    guestApi
      .info()
      .then((info) => {
        if (active) setEmail(info.contactEmail);
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, []);
  if (!email) return null;
  return (
    <a className="text-sm text-primary underline underline-offset-4" href={`mailto:${email}`}>
      {label} ({email})
    </a>
  );
}
