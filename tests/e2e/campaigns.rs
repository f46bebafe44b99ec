//! Campaigns and their members, against the sandbox.

use leasedesk::api::model::*;

use crate::support::{client, status, unique};

#[tokio::test]
async fn campaigns_with_members_in_every_status() {
    let c = client();
    let campaigns = c.campaigns(&CampaignQuery::default()).await.unwrap();
    assert!(campaigns.len() >= 6);
    assert!(campaigns.iter().any(|x| x.is_active) && campaigns.iter().any(|x| !x.is_active));
    let holiday = c
        .campaigns(&CampaignQuery {
            search: Some("HOLIDAY".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(holiday.len(), 1);
    let by_id = c
        .campaigns(&CampaignQuery {
            campaign_id: Some(holiday[0].id),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(by_id, holiday);
    let members = c.campaign_individuals(holiday[0].id).await.unwrap();
    for status in CampaignStatus::ALL {
        assert!(
            members.iter().any(|m| m.status() == Some(*status)),
            "{status} is represented"
        );
    }
    assert!(members.iter().all(|m| m.campaign_end > m.campaign_start));
}

#[tokio::test]
async fn add_and_move_members() {
    let c = client();
    let campaign = c.campaigns(&CampaignQuery::default()).await.unwrap()[0].id;
    let mut person = NewIndividual::new(IndividualType::Prospect, "Rsvp", &unique("Guest"));
    person.set("email", "guest@example.com");
    let id = c
        .create_individuals(vec![person])
        .await
        .unwrap()
        .individuals[0]
        .individual_id;
    let add = |status| CampaignIndividualAdd {
        campaign_id: campaign,
        individuals: vec![CampaignMember {
            individual_id: id,
            campaign_status_id: status,
        }],
    };
    c.add_campaign_individuals(&add(CampaignStatus::Invited))
        .await
        .unwrap();
    let member = |list: Records<CampaignIndividual>| {
        list.into_iter().find(|m| m.individual_id == id).unwrap()
    };
    assert_eq!(
        member(c.campaign_individuals(campaign).await.unwrap()).status(),
        Some(CampaignStatus::Invited)
    );
    // Adding again changes the status.
    c.add_campaign_individuals(&add(CampaignStatus::Rsvp))
        .await
        .unwrap();
    let m = member(c.campaign_individuals(campaign).await.unwrap());
    assert_eq!(m.status(), Some(CampaignStatus::Rsvp));
    assert_eq!(m.email, "guest@example.com");
    assert_eq!(m.kind, "Prospect");
}

#[tokio::test]
async fn campaign_member_errors() {
    let c = client();
    let campaign = c.campaigns(&CampaignQuery::default()).await.unwrap()[0].id;
    let someone = c.campaign_individuals(campaign).await.unwrap()[0].individual_id;
    let member = |individual_id, code| CampaignMember {
        individual_id,
        campaign_status_id: CampaignStatus::from_code(code),
    };
    for (body, needle) in [
        (
            CampaignIndividualAdd {
                campaign_id: 999_999,
                individuals: vec![member(someone, 1)],
            },
            "CampaignId",
        ),
        (
            CampaignIndividualAdd {
                campaign_id: campaign,
                individuals: vec![],
            },
            "Individuals",
        ),
        (
            CampaignIndividualAdd {
                campaign_id: campaign,
                individuals: vec![member(someone, 9)],
            },
            "CampaignStatusId",
        ),
        (
            CampaignIndividualAdd {
                campaign_id: campaign,
                individuals: vec![member(99_999_999, 1)],
            },
            "IndividualId",
        ),
    ] {
        let err = c.add_campaign_individuals(&body).await.unwrap_err();
        assert_eq!(status(&err), 400, "{needle}");
        assert!(err.to_string().contains(needle), "{needle}: {err}");
    }
    assert_eq!(
        status(&c.campaign_individuals(999_999).await.unwrap_err()),
        404
    );
}
