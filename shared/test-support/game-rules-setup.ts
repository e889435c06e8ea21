// Component tests render pages as the registry answer would set them up: spec §9's games configured.
import { configureGameRules } from '@topup/shared/rules';
import { SPEC_GAME_RULES } from './spec-game-rules';

configureGameRules(SPEC_GAME_RULES);
