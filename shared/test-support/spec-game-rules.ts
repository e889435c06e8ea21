import type { GameRules } from '@topup/shared/contracts';

/**
 * Spec §9's games as the demo catalogue sets them (server/src/sandbox/seed/demo-catalogue.json): what
 * the registry answer hands the pages. server/test/game-rules-data.test.ts proves the two agree.
 */
export const SPEC_GAME_RULES: GameRules = {
  '18': {
    regions: Object.fromEntries(
      ['us', 'eu', 'en'].map((area) => [
        area,
        {
          param: 'area',
          options: [
            { label: 'NA', value: 'us' },
            { label: 'EU', value: 'eu' },
            { label: 'AS', value: 'en' },
          ],
          defaultValue: 'us',
        },
      ]),
    ),
  },
  '44': {
    regions: {
      us: {
        param: 'region',
        options: [
          { label: 'AM', value: 'am' },
          { label: 'EU', value: 'eu' },
        ],
        defaultValue: 'am',
      },
    },
  },
  '232': {
    regions: {
      en: {
        param: 'subregion',
        options: [
          { label: 'Asia', value: 'asia' },
          { label: 'America', value: 'america' },
          { label: 'Europe', value: 'europe' },
        ],
        defaultValue: 'america',
      },
    },
  },
  '134': {
    serverSign: true,
    regions: {
      multi: {
        param: 'region',
        options: [
          { label: 'NA', value: 'us' },
          { label: 'EU', value: 'eu' },
        ],
        defaultValue: 'us',
      },
    },
  },
  '284': { byName: true },
  '14': { helpImage: '/assets/help/14-role-id.svg' },
  '136': { helpImage: '/assets/help/136-role-id.svg' },
  '182': { helpImage: '/assets/help/182-role-id.svg' },
};
