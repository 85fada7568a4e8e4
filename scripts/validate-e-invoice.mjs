// Runs the EN 16931 and XRechnung schematron rules on the XRechnung XML of two sample invoices
// (domestic, 19 %; reverse charge to Austria), decision 0615. The unit tests check the XML
// against the EN 16931 CII schema (XSD) on every run; the business rules (BR-…, BR-DE-…) need
// an XSLT 2 processor and the rules themselves, which neither npm nor Debian ships, so this is
// a manual check:
//
//   node --import tsx scripts/validate-e-invoice.mjs \
//     --en16931 <EN16931-CII-validation.xslt> [--xrechnung <XRechnung-CII-validation.xsl>] \
//     [--saxon /usr/share/java/Saxon-HE.jar] [--out <dir for the XML and SVRL>]
//
// --en16931: cii/xslt/EN16931-CII-validation.xslt of CEN/TC 434's eInvoicing-EN16931 release.
// --xrechnung: KoSIT's XRechnung-CII-validation.sch compiled to XSLT (e.g. with SchXslt).
// Saxon-HE comes from Debian's libsaxonhe-java, Java from any JRE; the script installs nothing
// and stops with a message when something is missing. Exit code 1 when a rule fails.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    en16931: { type: 'string' },
    xrechnung: { type: 'string' },
    saxon: { type: 'string', default: '/usr/share/java/Saxon-HE.jar' },
    out: { type: 'string' },
  },
});

function stop(message) {
  console.error(message);
  process.exit(2);
}

if (!values.en16931) stop('--en16931 <EN16931-CII-validation.xslt> fehlt.');
const stylesheets = [['EN 16931 (CII)', values.en16931]];
if (values.xrechnung) stylesheets.push(['XRechnung (CII)', values.xrechnung]);
for (const [, file] of stylesheets) if (!existsSync(file)) stop(`Nicht gefunden: ${file}`);
if (!existsSync(values.saxon)) {
  stop(`Saxon-HE nicht gefunden (${values.saxon}); Debian: apt-get install libsaxonhe-java.`);
}
try {
  execFileSync('java', ['-version'], { stdio: 'ignore' });
} catch {
  stop('java nicht gefunden; Debian: apt-get install default-jre-headless.');
}

let xrechnungXml;
try {
  ({ xrechnungXml } = await import('../src/server/features/invoices/e-invoice.ts'));
} catch (error) {
  stop(`e-invoice.ts lässt sich nicht laden (mit --import tsx starten?): ${error}`);
}

const { SAMPLE_GASTHOF, SAMPLE_HOTEL, sampleInvoice } = await import('../test/support/invoices.ts');
const samples = {
  domestic: sampleInvoice(SAMPLE_HOTEL),
  'reverse-charge': sampleInvoice(SAMPLE_GASTHOF),
};

const out = values.out ?? mkdtempSync(path.join(tmpdir(), 'e-invoice-'));
mkdirSync(out, { recursive: true });
let failures = 0;
for (const [name, doc] of Object.entries(samples)) {
  const xmlFile = path.join(out, `${name}.xml`);
  writeFileSync(xmlFile, await xrechnungXml(doc));
  for (const [rules, stylesheet] of stylesheets) {
    const svrlFile = path.join(out, `${name}.${path.basename(stylesheet)}.svrl`);
    execFileSync('java', [
      '-cp',
      values.saxon,
      'net.sf.saxon.Transform',
      `-s:${xmlFile}`,
      `-xsl:${stylesheet}`,
      `-o:${svrlFile}`,
    ]);
    const svrl = readFileSync(svrlFile, 'utf8');
    const fired = svrl.match(/<svrl:fired-rule\b/g)?.length ?? 0;
    const failed = [
      ...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>[\s\S]*?<svrl:text>([\s\S]*?)<\/svrl:text>/g),
    ];
    const errors = failed.filter(
      ([, attributes]) => !/flag="(warning|information)"/.test(attributes),
    );
    failures += errors.length;
    console.info(
      `${name}: ${rules}: ${fired} Regeln angewandt, ${failed.length} verletzt (${errors.length} Fehler)`,
    );
    for (const [, attributes, text] of failed) {
      const id = /id="([^"]*)"/.exec(attributes)?.[1] ?? '?';
      console.info(`  ${id}: ${text.replace(/\s+/g, ' ').trim().slice(0, 300)}`);
    }
  }
}
console.info(`XML und SVRL in ${out}`);
process.exit(failures > 0 ? 1 : 0);
