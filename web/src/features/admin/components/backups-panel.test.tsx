import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backup, BackupList } from '#contract';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { BackupsPanel } from './backups-panel.tsx';

const backup = (name: string, bytes: number): Backup => ({
  name: `shop-${name}.sql.gz`,
  bytes,
  createdAt: '2026-11-27T03:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BackupsPanel', () => {
  it('shows the last backup’s time and size, the list to download, and no warning when it is recent', () => {
    const list: BackupList = {
      backups: [backup('2026-11-27T030000.000Z', 2_621_440), backup('2026-11-26T030000.000Z', 900)],
      everyHours: 24,
      overdue: false,
    };
    renderWithRouter(<BackupsPanel list={list} />);
    expect(screen.getByText(/^Last backup: .*, 2\.5 MB\./)).toBeInTheDocument();
    expect(screen.getByText(/every 24 hours/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Download backup / })).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the last backup is overdue, and backs up now', async () => {
    const made = backup('2026-11-27T040000.000Z', 1024);
    const { requests } = mockApi({ 'POST /admin/backups': apiOk(made, 201) });
    const { user } = renderWithRouter(
      <BackupsPanel
        list={{ backups: [backup('2026-11-20T030000.000Z', 900)], everyHours: 24, overdue: true }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('more than 2 intervals old');
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(`Backed up: ${made.name}`)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
