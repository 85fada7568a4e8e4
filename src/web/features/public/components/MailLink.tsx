import { useQueryClient } from '@tanstack/react-query';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { mailtoHref } from '../mailto';
import { publicConfigQuery, usePublicConfig } from '../queries';

export interface MailLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  subject?: string;
  body?: string;
}

/**
 * A link that opens an e-mail to the configured contact address (CONTACT_EMAIL). The address
 * arrives from the server; a click before it has arrived waits for it instead of doing nothing.
 */
export function MailLink({ subject, body, onClick, ...props }: MailLinkProps) {
  const queryClient = useQueryClient();
  const { data } = usePublicConfig();
  const href = data ? mailtoHref(data.contactEmail, subject, body) : undefined;

  // The link calls it without awaiting: preventDefault runs before the first await.
  const handleClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (href || event.defaultPrevented) return;
    event.preventDefault();
    const config = await queryClient.fetchQuery(publicConfigQuery);
    window.location.href = mailtoHref(config.contactEmail, subject, body);
  };

  return <a href={href ?? '#kontakt'} onClick={(event) => void handleClick(event)} {...props} />;
}
