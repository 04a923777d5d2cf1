/** A described package. */
package described;
