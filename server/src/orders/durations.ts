// Durations are a settings' notation: they are read, checked and shown by the settings module.
export { formatDuration, parseDuration, parseDurationList } from '../settings/durations';
