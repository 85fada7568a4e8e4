import { describe, expect, it } from 'vitest';
import { invitationMail } from './mail';

const LINK = 'https://trinkgeld.example/employee/login?magic_token=abc';

describe('invitation e-mail (decision 0512)', () => {
  it('invites an employee to work with the business, as before', () => {
    const mail = invitationMail('anna@example.test', LINK, 'Hotel Seeblick');
    expect(mail.subject).toBe('Einladung zu Trinkgeld – Hotel Seeblick');
    expect(mail.text).toContain(
      'Sie wurden eingeladen, bei Trinkgeld für Hotel Seeblick mitzuarbeiten.',
    );
    expect(mail.text).not.toContain('Geschäftsinhaber');
  });

  it('invites an owner as owner, names the operator and says what comes next, in German and English', () => {
    const operator = { name: 'Sabine Hoffmann', operator: true };
    const de = invitationMail('chef@example.test', LINK, 'Café <Morgenrot>', 'de', operator);
    expect(de.subject).toBe('Einladung als Inhaber von Café <Morgenrot> – Trinkgeld');
    expect(de.text).toContain(
      'Sabine Hoffmann (Betreiber der Trinkgeld-Plattform) hat Sie als Geschäftsinhaber von Café <Morgenrot> zu Trinkgeld eingeladen.',
    );
    expect(de.text).toContain('So geht es weiter:');
    expect(de.text).toContain(LINK);
    expect(de.html).toContain('Café &lt;Morgenrot&gt;');
    expect(de.html).not.toContain('<Morgenrot>');

    const en = invitationMail('chef@example.test', LINK, 'Café Morgenrot', 'en', operator);
    expect(en.subject).toBe('Invitation as owner of Café Morgenrot – Trinkgeld');
    expect(en.text).toContain(
      'Sabine Hoffmann (operator of the Trinkgeld platform) has invited you to Trinkgeld as the owner of Café Morgenrot.',
    );
    expect(en.text).toContain('What comes next:');
  });

  it('names a co-owner who invites without calling them the operator', () => {
    const mail = invitationMail('zweite@example.test', LINK, 'Hotel Seeblick', 'de', {
      name: 'Thomas Berger',
      operator: false,
    });
    expect(mail.text).toContain(
      'Thomas Berger hat Sie als Geschäftsinhaber von Hotel Seeblick zu Trinkgeld eingeladen.',
    );
  });
});
