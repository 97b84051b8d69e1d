/** The plain page every unknown path answers with (404), also used by pages that must not reveal they exist. */
export const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Page not found | Bharat Square</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem">' +
  '<main><h1>Page not found</h1><p>This page does not exist. <a href="/">Go to the home page</a> or <a href="/home/posts">read the feed</a>.</p></main></body></html>';
