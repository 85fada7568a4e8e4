import { usePageTitle } from '../../lib/page-title';

/** The guest tip page /t/{uid}: built by the guest tipping issue. */
export function TipPage({ code }: { code: string }) {
  usePageTitle('Trinkgeld geben');
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">Trinkgeld geben</h1>
      <p className="text-muted-foreground">Code: {code}</p>
    </main>
  );
}
