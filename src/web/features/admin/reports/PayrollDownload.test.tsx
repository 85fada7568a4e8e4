import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../../test/support/component';
import { PayrollDownload } from './PayrollDownload';

describe('Trinkgeld-Übersicht für die Lohnbuchhaltung', () => {
  it('links the chosen month as CSV and PDF, and nothing for an unfinished month', () => {
    renderScreen(<PayrollDownload />);
    fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '2026-03' } });
    expect(screen.getByText('CSV herunterladen').getAttribute('href')).toBe(
      '/api/admin/reports/payroll.csv?month=2026-03',
    );
    expect(screen.getByText('PDF herunterladen').getAttribute('href')).toBe(
      '/api/admin/reports/payroll.pdf?month=2026-03',
    );
    fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '' } });
    expect(screen.queryByText('CSV herunterladen')).toBeNull();
  });
});
