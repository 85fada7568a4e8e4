/**
 * The names the admin navigation gives the operator console, the status view and the payouts
 * page: apart from those pages' own texts, so every admin page loads only these (decision 0410).
 * The catalogue puts them into the pages' groups (`businesses.title`, `payouts.menu`, ...).
 */
export const adminNavTexts = {
  businesses: {
    title: 'Betriebe',
    navLabel: 'Betriebe',
    menuDescription: 'Betriebe anlegen, Inhaber einladen, sperren und schließen.',
  },
  system: {
    title: 'Systemstatus',
    navLabel: 'System',
    menuDescription: 'Instanzen, Jobs, Webhooks und E-Mail-Ausgang im Blick.',
  },
  tarif: {
    title: 'Tarif',
    navLabel: 'Tarif',
    menuDescription: 'Basis oder Pro: testen, buchen, kündigen, Rechnungen.',
  },
  api: {
    title: 'API und Webhooks',
    navLabel: 'API und Webhooks',
    menuDescription: 'API-Schlüssel für Kasse, Buchhaltung und eigene Programme.',
  },
  payouts: {
    menu: {
      navLabel: 'Auszahlungen',
      title: 'Auszahlungen',
      description: 'Trinkgelder gesammelt an die Mitarbeitenden überweisen.',
    },
  },
} as const;
