// Browser tests start servers and browsers: give them time.
jest.setTimeout(180_000);
