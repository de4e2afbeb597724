//! A picture in a mail's HTML part: the board (or the final statistics) as an inline PNG in
//! `multipart/related`, referenced by `cid:` from the HTML.
//!
//! Mails are composed at commit time, pictures drawn by the mail worker at send time
//! (`play::pictures`): the HTML the outbox keeps holds [`MARK`] where a picture may stand, and
//! the message built for sending puts the image there, or takes the mark out when there is no
//! picture (a text-only reader, nothing new to show, a drawing that failed).

/// Where a mail's HTML part may show a picture (an HTML comment: harmless if left).
pub const MARK: &str = "<!--feldpost:picture-->";

/// A picture for one mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailPicture {
    pub png: Vec<u8>,
    /// The same in words, the image's alt text.
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

/// The Content-ID of a mail's picture: unique to the mail (`row_id`) and our domain.
pub fn content_id(row_id: &str, domain: &str) -> String {
    format!("picture.{row_id}@{domain}")
}

/// `html` with the picture in place of [`MARK`] (shown at most 100% of the mail's width), or
/// without the mark when there is none.
pub fn place(html: &str, picture: Option<(&MailPicture, &str)>) -> String {
    match picture {
        Some((p, cid)) => {
            let img = format!(
                "<p style=\"margin:0 0 1em;\"><img src=\"cid:{cid}\" alt=\"{}\" width=\"{}\" style=\"display:block;width:100%;max-width:{}px;height:auto;border:1px solid #dddddd;\"></p>",
                escape(&p.alt),
                p.width.min(576),
                p.width.min(576),
            );
            html.replacen(MARK, &img, 1)
        }
        None => html.replace(MARK, ""),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_becomes_an_image_or_nothing() {
        let html = format!("<p>a</p>{MARK}<p>b</p>");
        let p = MailPicture { png: vec![1], alt: "Board \"after\" <3>".into(), width: 720, height: 600 };
        let with = place(&html, Some((&p, "picture.m1@example.org")));
        assert!(with.contains("src=\"cid:picture.m1@example.org\""), "{with}");
        assert!(with.contains("alt=\"Board &quot;after&quot; &lt;3&gt;\""), "{with}");
        assert!(!with.contains(MARK));
        assert_eq!(place(&html, None), "<p>a</p><p>b</p>");
    }
}
