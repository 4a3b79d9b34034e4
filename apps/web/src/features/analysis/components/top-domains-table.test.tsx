import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { TopDomainsTable } from '@/features/analysis/components/top-domains-table';
import { hostnameOf } from '@/features/analysis/utils/format';

describe('one host form in History cards and Top Domains', () => {
  it('shows hosts as the cards do (no "www."), one row per site with its visits added', () => {
    render(
      <TopDomainsTable
        caption="Top domains"
        domains={[
          { domain: 'www.bbc.com', averageScore: 40, visitCount: 3 },
          { domain: 'news.ycombinator.com', averageScore: 20, visitCount: 2 },
          { domain: 'bbc.com', averageScore: 80, visitCount: 1 },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Top domains' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'bbc.com',
      'news.ycombinator.com',
    ]);
    expect(rows[0]).toHaveTextContent('50.0');
    expect(rows[0]).toHaveTextContent('4');
    // The same site's card shows the same form.
    expect(hostnameOf('https://www.bbc.com/news/article')).toBe(rows[0]!.querySelector('th')!.textContent);
  });
});
