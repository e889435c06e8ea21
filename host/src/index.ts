// Async boundary: shared singletons are negotiated before the shell runs.
void import('./bootstrap');
