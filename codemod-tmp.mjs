import ts from 'typescript';
import fs from 'node:fs';
import path from 'node:path';
const MAP = {
  admin: { adminTexts: 'admin' }, 'admin-branding': { brandingTexts: 'branding' },
  'admin-businesses': { adminBusinessesTexts: 'businesses' }, 'admin-qr': { qrAdminTexts: 'qr' },
  'admin-shifts': { adminShiftsTexts: 'shifts' }, 'admin-users': { adminUsersTexts: 'users', adminTeamsTexts: 'teams' },
  'admin-reports': { adminReportsTexts: 'reports' }, payouts: { payoutTexts: 'payouts' },
  'setup-checklist': { setupTexts: 'setup' }, common: { commonTexts: 'common' }, account: { accountTexts: 'account' },
  'two-factor': { twoFactorTexts: 'twoFactor' },
  'domain/roles': { ROLE_LABELS: 'labels.roles' }, 'domain/audit': { AUDIT_ACTION_LABELS: 'labels.auditActions', AUDIT_TARGET_TYPE_LABELS: 'labels.auditTargetTypes' },
  'domain/business-status': { BUSINESS_STATUS_LABELS: 'labels.businessStatus' },
  'domain/payouts': { PAYOUT_SCHEDULE_LABELS: 'labels.payoutSchedules', PAYOUT_TRIGGER_LABELS: 'labels.payoutTriggers' },
  'domain/team-split': { TEAM_SPLIT_RULE_LABELS: 'labels.teamSplitRules' }, 'domain/tips': { TIP_STATUS_LABELS: 'labels.tipStatus' },
};
const modKey = (spec) => { let m = /shared\/i18n\/([a-z-]+)$/.exec(spec); if (m) return m[1]; m = /shared\/(domain\/[a-z-]+)$/.exec(spec); return m ? m[1] : null; };
for (const file of process.argv.slice(2)) {
  let text = fs.readFileSync(file, 'utf8');
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const locals = new Map(); // local -> path
  const edits = []; // [start,end,replacement]
  for (const st of src.statements) {
    if (!ts.isImportDeclaration(st)) continue;
    const key = modKey(st.moduleSpecifier.text); if (!key || !MAP[key]) continue;
    const nb = st.importClause?.namedBindings; if (!nb || !ts.isNamedImports(nb)) continue;
    const keep = [];
    for (const el of nb.elements) {
      const exported = (el.propertyName ?? el.name).text;
      if (MAP[key][exported]) locals.set(el.name.text, MAP[key][exported]); else keep.push(el.getText());
    }
    if (keep.length === nb.elements.length) continue;
    if (keep.length === 0) edits.push([st.getFullStart(), st.getEnd(), '']);
    else edits.push([nb.getStart(), nb.getEnd(), `{ ${keep.join(', ')} }`]);
  }
  if (!locals.size) continue;
  const uses = (node) => { const found = new Set(); const v = (n) => { if (ts.isIdentifier(n) && locals.has(n.text) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) found.add(n.text); if (ts.isShorthandPropertyAssignment(n) && locals.has(n.name.text)) found.add(n.name.text); ts.forEachChild(n, v); }; v(node); return found; };
  const destructure = (names) => {
    const top = {}; for (const n of names) { const p = locals.get(n).split('.'); if (p.length === 1) (top[p[0]] ??= []).push(n === p[0] ? n : `${p[0]}: ${n}`); else (top[p[0]] ??= []).push({ sub: `${p[1]}: ${n}` }); }
    const parts = []; for (const [k, v] of Object.entries(top)) { const subs = v.filter((x) => typeof x === 'object'); const plain = v.filter((x) => typeof x === 'string'); parts.push(...plain); if (subs.length) parts.push(`${k}: { ${subs.map((s) => s.sub).join(', ')} }`); }
    return `const { ${parts.join(', ')} } = useAdminTexts();`;
  };
  const manual = [];
  for (const st of src.statements) {
    if (ts.isImportDeclaration(st)) continue;
    const used = uses(st); if (!used.size) continue;
    let name, body;
    if (ts.isFunctionDeclaration(st)) { name = st.name?.text; body = st.body; }
    else if (ts.isVariableStatement(st) && st.declarationList.declarations.length === 1) { const d = st.declarationList.declarations[0]; const init = d.initializer; name = d.name.getText(); if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isBlock(init.body)) body = init.body; }
    if (name && body && /^([A-Z]|use[A-Z])/.test(name)) {
      const indent = '  ';
      edits.push([body.getStart() + 1, body.getStart() + 1, `\n${indent}${destructure([...used].sort())}`]);
    } else manual.push(`${file}:${src.getLineAndCharacterOfPosition(st.getStart()).line + 1} ${name ?? st.kind} uses ${[...used].join(',')}`);
  }
  // import of hook
  const rel = path.relative(path.dirname(file), 'src/web/lib/admin-language'); 
  const lastImport = [...src.statements].filter(ts.isImportDeclaration).pop();
  edits.push([lastImport.getEnd(), lastImport.getEnd(), `\nimport { useAdminTexts } from '${rel.startsWith('.') ? rel : './' + rel}';`]);
  edits.sort((a, b) => b[0] - a[0]);
  for (const [s, e, r] of edits) text = text.slice(0, s) + r + text.slice(e);
  fs.writeFileSync(file, text);
  for (const m of manual) console.log('MANUAL', m);
}
