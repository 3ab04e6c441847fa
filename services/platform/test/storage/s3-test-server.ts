// moved to the platform's testing kit, for every service's tests
export { type S3TestServer, startS3TestServer } from '../../src/testing/s3-test-server';
