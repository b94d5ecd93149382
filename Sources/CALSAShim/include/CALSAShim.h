// What Swift cannot do with ALSA by itself: give alsa-lib an error handler (its type is a
// variadic function pointer, which Swift can neither write nor pass).
#ifndef CALSASHIM_H
#define CALSASHIM_H

/// Sends alsa-lib's own error messages ("ALSA lib pcm.c:…: Unknown PCM …") nowhere: the Swift
/// layer reports every failure as a typed error, once. Idempotent.
void cs_alsa_quiet_errors(void);

#endif
