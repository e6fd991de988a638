/** The recovery screen's testimonial quote (docs/product.md, Screens). */
export function Testimonial() {
  return (
    <figure className="space-y-3 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <blockquote className="text-lg italic">
        “I almost gave up after my first payment failed. Taking the offer was the best decision I made: my songs reached
        listeners inside within two weeks, and the downloads keep coming.”
      </blockquote>
      <figcaption className="text-sm text-muted">— Marcus T., independent artist</figcaption>
    </figure>
  );
}
