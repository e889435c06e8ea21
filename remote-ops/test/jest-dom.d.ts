// Testing Library's DOM matchers (toBeInTheDocument, toHaveTextContent…) for the type checker.
import '@testing-library/jest-dom';
