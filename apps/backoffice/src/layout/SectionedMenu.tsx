/**
 * The side menu in sections (docs/backoffice.md "The menu"): each role sees only the resources
 * its permissions registered, grouped by the work they are for; a resource no section names is
 * listed at the end, so that a new screen is never missing from the menu. The section titles are
 * hidden while the menu is folded to its icons.
 */
import { ListSubheader } from '@mui/material';
import { Layout, Menu, useResourceDefinitions, useSidebarState, type LayoutProps } from 'react-admin';

const SECTIONS: ReadonlyArray<{ title: string; resources: readonly string[] }> = [
  {
    title: 'Players and money',
    resources: [
      'players',
      'cashouts',
      'adjustments',
      'documents',
      'support/conversations',
      'bonus_grants',
      'ledger_audit',
    ],
  },
  {
    title: 'Reports',
    resources: [
      'report_ggr',
      'report_payments',
      'report_players',
      'report_games',
      'report_promotions',
      'report_responsible_gambling',
      'report_significant_events',
    ],
  },
  {
    title: 'Promotions',
    resources: ['bonus_templates', 'tournaments', 'quests', 'lotteries', 'wheel'],
  },
  {
    title: 'Loyalty',
    resources: ['comp_point_rates', 'comp_point_accrual_rules', 'vip_managers', 'adventures'],
  },
  {
    title: 'Content',
    resources: [
      'content_pages',
      'content_banners',
      'content_snippets',
      'content_fe_configs',
      'content_translations',
      'feature_flags',
    ],
  },
  { title: 'Catalogue', resources: ['catalogue_providers', 'catalogue_games', 'catalogue_categories'] },
  { title: 'Settings', resources: ['reference_rates', 'limit_defaults', 'operators', 'audit_log'] },
];

export function SectionedMenu() {
  const definitions = useResourceDefinitions();
  const [open] = useSidebarState();
  const listed = (name: string) => definitions[name]?.hasList === true;
  const placed = new Set(SECTIONS.flatMap((section) => section.resources));
  const others = Object.keys(definitions).filter((name) => listed(name) && !placed.has(name));
  return (
    <Menu aria-label="Back-office menu">
      <Menu.DashboardItem />
      {SECTIONS.map((section) => {
        const names = section.resources.filter(listed);
        if (names.length === 0) return null;
        return [
          open ? (
            <ListSubheader key={section.title} disableSticky sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}>
              {section.title}
            </ListSubheader>
          ) : null,
          ...names.map((name) => <Menu.ResourceItem key={name} name={name} />),
        ];
      })}
      {others.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}

export const SectionedLayout = (props: LayoutProps) => <Layout {...props} menu={SectionedMenu} />;
