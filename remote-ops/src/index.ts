// Async boundary: shared singletons are negotiated before any page module runs.
void import('./standalone');
