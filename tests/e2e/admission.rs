//! Admission requirements, against the sandbox.

use leasedesk::api::model::*;

use crate::support::{client, status, unique};

async fn new_case() -> (i64, i64, i64) {
    let c = client();
    let mut person = NewIndividual::new(IndividualType::Prospect, "Admit", &unique("Ready"));
    person.communities = Some(vec![CommunityRef {
        name_unique: "maplegrove".into(),
    }]);
    let created = c
        .create_individuals(vec![person])
        .await
        .unwrap()
        .individuals
        .remove(0);
    let community = c
        .communities()
        .await
        .unwrap()
        .into_iter()
        .find(|x| x.name_unique == "maplegrove")
        .unwrap()
        .id;
    (
        created.case_number.parse().unwrap(),
        community,
        created.individual_id,
    )
}

#[tokio::test]
async fn mark_a_requirement_met_with_a_result_and_a_note() {
    let c = client();
    let (case, community, individual) = new_case().await;
    let list = c.admission_requirements(case, community).await.unwrap();
    assert_eq!(list.len(), 8);
    assert!(
        list.iter()
            .all(|r| !r.is_met && r.case_id == case && r.community_id == community)
    );
    let received = list[0]
        .type_select
        .iter()
        .find(|o| o.label == "Received")
        .unwrap()
        .value;
    let target = &list[0];
    c.update_admission(&AdmissionUpdate {
        admission_met_id: Some(target.admission_met_id),
        case_id: Some(case),
        activity_result_id: Some(received),
        is_met: Some(true),
        note: Some("Report faxed by Dr. Patel".into()),
        activity_id: None,
    })
    .await
    .unwrap();
    let after = c.admission_requirements(case, community).await.unwrap();
    let updated = after
        .iter()
        .find(|r| r.admission_met_id == target.admission_met_id)
        .unwrap();
    assert!(updated.is_met);
    assert_eq!(updated.activity_result_name, "Received");
    assert!(updated.activity_id > 0);
    assert_eq!(after.iter().filter(|r| r.is_met).count(), 1);
    let activities = c
        .activities(&ActivityQuery {
            individual_id: Some(individual),
            ..Default::default()
        })
        .await
        .unwrap();
    let activity = activities
        .iter()
        .find(|a| a.id == updated.activity_id)
        .unwrap();
    assert!(activity.completed);
    assert_eq!(
        activity.notes.as_ref().unwrap()[0].message,
        "Report faxed by Dr. Patel"
    );
    // And back to unmet: the activity reopens.
    c.update_admission(&AdmissionUpdate {
        admission_met_id: Some(target.admission_met_id),
        case_id: Some(case),
        activity_result_id: Some(received),
        is_met: Some(false),
        ..Default::default()
    })
    .await
    .unwrap();
    assert!(!c.admission_requirements(case, community).await.unwrap()[0].is_met);
}

#[tokio::test]
async fn admission_errors() {
    let c = client();
    let (case, community, _) = new_case().await;
    let first = c
        .admission_requirements(case, community)
        .await
        .unwrap()
        .remove(0);
    let result = first.type_select[0].value;
    let full = AdmissionUpdate {
        admission_met_id: Some(first.admission_met_id),
        case_id: Some(case),
        activity_result_id: Some(result),
        ..Default::default()
    };
    for (body, needle) in [
        (
            AdmissionUpdate {
                activity_result_id: None,
                ..full.clone()
            },
            "ActivityResultId",
        ),
        (
            AdmissionUpdate {
                case_id: None,
                ..full.clone()
            },
            "CaseId",
        ),
        (
            AdmissionUpdate {
                activity_result_id: Some(99_999),
                ..full.clone()
            },
            "ActivityResultId",
        ),
    ] {
        let err = c.update_admission(&body).await.unwrap_err();
        assert_eq!(status(&err), 400, "{needle}");
        assert!(err.to_string().contains(needle), "{needle}: {err}");
    }
    let missing_id = AdmissionUpdate {
        admission_met_id: None,
        ..full.clone()
    };
    assert_eq!(
        status(&c.update_admission(&missing_id).await.unwrap_err()),
        400
    );
    let wrong_case = AdmissionUpdate {
        case_id: Some(99_999_999),
        ..full.clone()
    };
    assert_eq!(
        status(&c.update_admission(&wrong_case).await.unwrap_err()),
        404
    );
    assert_eq!(
        status(
            &c.admission_requirements(99_999_999, community)
                .await
                .unwrap_err()
        ),
        404
    );
    assert_eq!(
        status(&c.admission_requirements(case, 99_999).await.unwrap_err()),
        400
    );
}
