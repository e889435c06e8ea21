require('@testing-library/jest-dom');

// The suite runs the component tests beside the server suites on two cores: a page that talks to
// a real server can take longer than Testing Library's default second to show what it shows.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
