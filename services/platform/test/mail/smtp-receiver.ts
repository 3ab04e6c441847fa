// The receiver lives in the testing entry point (`@portal/platform/testing`), so every package's tests use one.
export * from '../../src/testing/smtp-receiver';
