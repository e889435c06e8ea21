/** Where the browser goes to pay once /submit placed the order; replaced in tests. */
export const goToPayment = { assign: (url: string) => window.location.assign(url) };
