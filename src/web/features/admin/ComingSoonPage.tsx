import { Link } from '../../lib/router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { usePageTitle } from '../../lib/page-title';
import { useAdminTexts } from '../../lib/admin-language';

/** /admin/reports and /admin/users are disabled in this version (spec route table). */
export function ComingSoonPage({ title }: { title: string }) {
  const { admin: adminTexts, common: commonTexts } = useAdminTexts();
  usePageTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 items-center p-6">
      <Card className="w-full">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-4">
          <p className="text-muted-foreground">{commonTexts.comingSoon}</p>
          <Link to="/admin/dashboard" className="text-primary underline underline-offset-4">
            {adminTexts.shell.backToDashboard}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
