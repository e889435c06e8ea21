/** English texts of the Voucher Center; spec §2 wording verbatim ('Voucher Center', 'Charge'). */
export const EN: Record<string, string> = {
  'page.title': 'Voucher Center',
  'page.subtitle': 'Pick your game and charge in-game currency in a few taps.',
  'games.label': 'Games',
  'games.loading': 'Loading games…',
  'games.empty': 'There are no games to charge right now.',
  'games.failed': 'The game list could not be loaded.',
  'games.count_one': '{{count}} game',
  'games.count_other': '{{count}} games',
  'game.charge': 'Charge',
  'game.chargeLabel': 'Charge {{name}}',
  'game.opening': 'Opening {{name}}…',
  'note.delivery': 'Items arrive by in-game mail. If nothing has arrived 30 minutes after paying, contact customer service in the game.',
};
