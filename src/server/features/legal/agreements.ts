import {
  AGREEMENT_PATHS,
  AGREEMENT_TITLES,
  type AgreementDocument,
  AGREEMENT_VERSIONS,
} from '../../../shared/domain/agreements';
import { PLATFORM_FEE_CENTS, INACTIVITY_TIMEOUT_MS } from '../../../shared/domain/constants';

/**
 * The German texts of /agb and /avv, the contracts a business accepts at sign-up (decision
 * 0326). Businesses are the audience, so German only. `{operator}` marks where the configured
 * operator (LEGAL_OPERATOR, LEGAL_ADDRESS) is filled in by page.ts. A change of wording needs a
 * new version in shared/domain/agreements.ts, so every acceptance names the text it accepted.
 */
export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

const fee = `${(PLATFORM_FEE_CENTS / 100).toFixed(2).replace('.', ',')} €`;
const idleMinutes = INACTIVITY_TIMEOUT_MS / 60_000;

const TERMS: AgreementSection[] = [
  {
    heading: '§ 1 Geltungsbereich und Vertragspartner',
    paragraphs: [
      'Diese Allgemeinen Geschäftsbedingungen gelten für die Nutzung von Trinkgeld durch Betriebe des Gastgewerbes (zum Beispiel Hotels, Restaurants, Cafés) als Unternehmer im Sinne von § 14 BGB. Anbieter ist {operator}.',
      'Abweichende Bedingungen des Betriebs gelten nur, wenn der Anbieter ihnen schriftlich zustimmt.',
    ],
  },
  {
    heading: '§ 2 Leistungen',
    paragraphs: [
      'Trinkgeld stellt dem Betrieb Bezahlpunkte (QR-Codes, NFC-Tags und Links) bereit, über die Gäste ohne App und ohne Konto Trinkgeld an Mitarbeitende, Teams oder den Betrieb geben. Die Zahlung wickelt ein Zahlungsdienstleister (Stripe) ab; Kartendaten erhält der Anbieter nicht.',
      'Zur Leistung gehören die Verwaltungsoberfläche (Bezahlpunkte, Branding, Mitarbeitende, Teams, Dienstplan, Auszahlungen, Berichte, Audit-Log) und das Dashboard der Mitarbeitenden.',
    ],
  },
  {
    heading: '§ 3 Registrierung und Konto',
    paragraphs: [
      'Der Vertrag kommt zustande, wenn der Betrieb seine Registrierung über den per E-Mail zugesandten Link bestätigt. Die Angaben bei der Registrierung müssen zutreffen.',
      'Zugangsdaten sind geheim zu halten. Der Betrieb ist für die Personen verantwortlich, die er in sein Konto einlädt, und für die Rollen, die er ihnen gibt.',
    ],
  },
  {
    heading: '§ 4 Entgelte',
    paragraphs: [
      `Trinkgeld erreicht die Empfänger ohne Abzug. Gäste können freiwillig einen Servicebeitrag von ${fee} zahlen, der die Kosten der Plattform deckt; er wird nie vom Trinkgeld genommen.`,
      'Kostenpflichtige Zusatzleistungen (zum Beispiel Trinkgeld Pro) gelten nur nach gesonderter Vereinbarung.',
    ],
  },
  {
    heading: '§ 5 Pflichten des Betriebs',
    paragraphs: [
      'Der Betrieb nutzt Trinkgeld nur für freiwillige Trinkgelder seiner Gäste und nicht für Entgelte, die er selbst schuldet. Er informiert seine Mitarbeitenden über die Verarbeitung ihrer Daten.',
      'Die steuerliche und arbeitsrechtliche Behandlung der Trinkgelder liegt beim Betrieb und den Empfängern.',
    ],
  },
  {
    heading: '§ 6 Verfügbarkeit',
    paragraphs: [
      'Der Anbieter bemüht sich um eine ständige Verfügbarkeit. Wartungsarbeiten kündigt er nach Möglichkeit vorher an. Ein Ausfall des Zahlungsdienstleisters liegt außerhalb seines Einflusses.',
    ],
  },
  {
    heading: '§ 7 Haftung',
    paragraphs: [
      'Der Anbieter haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit. Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten ist die Haftung auf den vorhersehbaren, vertragstypischen Schaden begrenzt; im Übrigen ist sie ausgeschlossen.',
    ],
  },
  {
    heading: '§ 8 Datenschutz',
    paragraphs: [
      `Personenbezogene Daten der Mitarbeitenden und Gäste verarbeitet der Anbieter im Auftrag des Betriebs nach dem Vertrag zur Auftragsverarbeitung (${AGREEMENT_PATHS.dpa}), der Teil dieses Vertrags ist.`,
    ],
  },
  {
    heading: '§ 9 Laufzeit und Kündigung',
    paragraphs: [
      'Der Vertrag läuft auf unbestimmte Zeit und kann von beiden Seiten mit einer Frist von 30 Tagen zum Monatsende in Textform gekündigt werden. Das Recht zur außerordentlichen Kündigung bleibt unberührt.',
      'Vor der Schließung erhält der Betrieb den Export seiner Berichte und seines Audit-Logs. Danach werden personenbezogene Daten nach Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht; Trinkgeldbuchungen bleiben anonymisiert für die Buchhaltung erhalten.',
    ],
  },
  {
    heading: '§ 10 Änderungen dieser Bedingungen',
    paragraphs: [
      'Änderungen kündigt der Anbieter mindestens sechs Wochen vor ihrem Inkrafttreten per E-Mail an. Jede Fassung trägt eine eigene Version; der Betrieb kann einer Änderung bis zum Inkrafttreten widersprechen und den Vertrag dann kündigen.',
    ],
  },
  {
    heading: '§ 11 Schlussbestimmungen',
    paragraphs: [
      'Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts. Gerichtsstand für Kaufleute ist der Sitz des Anbieters.',
    ],
  },
];

const DPA: AgreementSection[] = [
  {
    heading: '1. Gegenstand und Dauer',
    paragraphs: [
      `Dieser Vertrag regelt nach Art. 28 DSGVO die Verarbeitung personenbezogener Daten durch {operator} (Auftragsverarbeiter) im Auftrag des Betriebs (Verantwortlicher) bei der Nutzung von Trinkgeld nach den AGB (${AGREEMENT_PATHS.terms}). Er gilt, solange der Betrieb Trinkgeld nutzt, und darüber hinaus, bis alle Daten gelöscht oder zurückgegeben sind.`,
    ],
  },
  {
    heading: '2. Art und Zweck der Verarbeitung',
    paragraphs: [
      'Bereitstellung der Konten der Mitarbeitenden, Zuordnung und Auszahlung von Trinkgeld, Anzeige der Nachrichten von Gästen, Dienstplan, Berichte und Audit-Log.',
    ],
  },
  {
    heading: '3. Art der Daten und Kreis der Betroffenen',
    paragraphs: [
      'Betroffen sind Inhaber und Mitarbeitende des Betriebs sowie Gäste, die Trinkgeld geben.',
      'Daten: Namen, E-Mail-Adressen, Positionen, Profilbilder und Dankesnachrichten; Beträge und Zeitpunkte von Trinkgeldern; Nachrichten und Reaktionen von Gästen; Dienstpläne; die Kennung des Auszahlungskontos beim Zahlungsdienstleister; im Audit-Log IP-Adresse und Browser der Verwaltungsaktionen.',
    ],
  },
  {
    heading: '4. Weisungen und Vertraulichkeit',
    paragraphs: [
      'Der Auftragsverarbeiter verarbeitet die Daten nur auf dokumentierte Weisung des Betriebs; sie ergibt sich aus den AGB und den Einstellungen, die der Betrieb in der Verwaltungsoberfläche trifft. Alle Personen, die Zugang zu den Daten haben, sind zur Vertraulichkeit verpflichtet.',
    ],
  },
  {
    heading: '5. Technische und organisatorische Maßnahmen (Art. 32 DSGVO)',
    paragraphs: [
      `Verschlüsselte Übertragung (HTTPS), Passwörter nur als scrypt-Hash, Anmelde- und Bestätigungslinks nur als Prüfsumme gespeichert, Sitzungen enden nach ${idleMinutes} Minuten ohne Aktivität, begrenzte Anmeldeversuche, strikte Trennung der Daten jedes Betriebs, und ein Audit-Log jeder Verwaltungsaktion.`,
    ],
  },
  {
    heading: '6. Unterauftragsverarbeiter',
    paragraphs: [
      'Der Betrieb stimmt dem Einsatz folgender Unterauftragsverarbeiter zu: Stripe Payments Europe, Ltd. (Zahlungsabwicklung und Auszahlungen), der Rechenzentrumsbetreiber des Anbieters (Hosting und Datenbank) und der E-Mail-Versanddienst des Anbieters. Über neue Unterauftragsverarbeiter informiert der Auftragsverarbeiter vorher; der Betrieb kann widersprechen.',
    ],
  },
  {
    heading: '7. Unterstützung des Betriebs',
    paragraphs: [
      'Der Auftragsverarbeiter unterstützt den Betrieb bei Anfragen Betroffener (jede Person kann ihre Daten selbst exportieren und ihr Konto löschen lassen) und meldet Verletzungen des Schutzes personenbezogener Daten unverzüglich, spätestens binnen 48 Stunden nach Kenntnis.',
    ],
  },
  {
    heading: '8. Löschung und Rückgabe',
    paragraphs: [
      'Nach Vertragsende stellt der Auftragsverarbeiter dem Betrieb den Export seiner Daten bereit und löscht sie danach, soweit keine gesetzliche Aufbewahrungspflicht besteht; aufzubewahrende Buchungen werden anonymisiert.',
    ],
  },
  {
    heading: '9. Nachweise und Kontrollen',
    paragraphs: [
      'Der Auftragsverarbeiter weist die Einhaltung dieses Vertrags auf Anfrage nach und ermöglicht Überprüfungen nach rechtzeitiger Ankündigung.',
    ],
  },
];

export const AGREEMENT_TEXTS: Record<
  AgreementDocument,
  { title: string; version: string; intro: string; sections: AgreementSection[] }
> = {
  terms: {
    title: AGREEMENT_TITLES.terms,
    version: AGREEMENT_VERSIONS.terms,
    intro: 'für die Nutzung von Trinkgeld durch Betriebe',
    sections: TERMS,
  },
  dpa: {
    title: AGREEMENT_TITLES.dpa,
    version: AGREEMENT_VERSIONS.dpa,
    intro: 'nach Art. 28 der Datenschutz-Grundverordnung (DSGVO)',
    sections: DPA,
  },
};
