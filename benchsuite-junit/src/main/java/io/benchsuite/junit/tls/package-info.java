/** TLS test fixtures: a throw-away self-signed server certificate for verification tests. */
package io.benchsuite.junit.tls;
